// What one MCP request's tools run with (mcp/server.ts builds it per request): the chatbot,
// its listings, knowledge and showings, and the lead path the chat uses, all scoped to it.
import type { KnowledgePassage, LeadDetails, listingSearchFor, TourDesk } from '../answer/index.ts';
import type { Chatbot } from '../chatbots/index.ts';

export interface ToolContext {
  chatbot: Chatbot;
  /** The name results carry: the chatbot's Name, which the brokerage publishes under. */
  brokerage: string;
  listings: ReturnType<typeof listingSearchFor>;
  passages: (query: string, limit: number) => Promise<KnowledgePassage[]>;
  /** Showings, when the chatbot takes them; a desk on a new conversation for a booking. */
  desk?: (sessionId: number) => TourDesk;
  /** Records a lead as the chat does (email, webhooks, CRM), marked as from MCP; answers the confirmation. */
  contact?: (sessionId: number, lead: LeadDetails) => Promise<string>;
  /** Counts a write against the client address's limit; throws LimitExceeded past it. */
  countWrite: () => Promise<void>;
  /** A new conversation of the chatbot for the lead or showing a write tool records. */
  openConversation: () => Promise<number>;
}
