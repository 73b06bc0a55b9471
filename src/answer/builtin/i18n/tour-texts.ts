// What the builtin engine says while booking a showing, per language. Slot labels arrive
// already written in the visitor's language by the TourDesk ("Sat, Nov 7, 9:00 AM",
// "sáb, 7 nov, 9:00"). Each language's are in its folder (en/tours.ts, …).
export interface TourTexts {
  /** Before the list of free slots; `address` is "" for a call with an agent. */
  offer(address: string): string;
  /** The time asked is free (it is the first in the list that follows). */
  free(label: string): string;
  /** The time asked is not free, or not a showing time; the nearest free ones follow. */
  notFree(label: string): string;
  /** Nothing is free on the day or part of the day asked; the nearest free ones follow. */
  noneThen: string;
  pick: string;
  askContact(label: string): string;
  askName: string;
  askReach: string;
  booked(label: string, address: string, manageUrl: string, email: string): string;
  /** The slot was taken between the offer and the booking; the free ones follow. */
  justTaken(label: string): string;
  /** Another refusal, quoted as the desk gave it; the free ones follow when there are. */
  refused(reason: string): string;
  /** No slot is free in the days searched. */
  unavailable: string;
  /** After a refusal or no slot: the way to a person. */
  leaveContact: string;
}
