// Row types of every table, as Kysely sees them. Timestamps are ISO 8601 strings in
// UTC (the same text on both databases); booleans are 0/1 integers; JSON is text.
import type { ColumnType, Generated } from 'kysely';

export interface WorkspaceTable {
  id: Generated<number>;
  name: string;
  /** HMAC secret for webhook signatures. */
  signing_secret: string;
  /** The most questions one session may ask (SetSessionMessagesLimit); -1 = unlimited. */
  session_messages_limit: Generated<number>;
  created_at: string;
}

export interface ApiKeyTable {
  id: Generated<number>;
  workspace_id: number;
  /** 'api' (Authorization), 'session' (chatrobot-sessionkey), 'visitor' (one session's widget key). */
  kind: string;
  /** Hex SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, to tell keys apart in listings. */
  prefix: string;
  /** For visitor keys: the one session they may use. */
  session_id: number | null;
  /** What the owner called an API key ('' for keys made without one). */
  name: Generated<string>;
  created_at: string;
  revoked_at: string | null;
}

export interface ChatbotTable {
  id: Generated<number>;
  workspace_id: number;
  serial_number: string;
  type: number;
  /** The full settings record (chatbots/settings.ts) as JSON. */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface ListingTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  mls_number: string;
  url: string;
  sale_type: string;
  status: string;
  currency_symbol: string;
  property_type: string;
  /** Lower-cased property type, for case-insensitive filtering through an index. */
  property_type_key: string;
  bedrooms: number;
  bathrooms: number;
  year_built: number;
  days_on_market: number;
  lot_area: number;
  building_area: number;
  area_unit: string;
  images: string | null;
  tours: string | null;
  parking_spots: number;
  description: string | null;
  extension_column: string | null;
  location: string | null;
  address: string | null;
  /** The address's leading house number, indexed for lookups by street address. */
  street_number: string | null;
  city: string | null;
  /** Lower-cased city for case-insensitive filtering through an index. */
  city_key: string | null;
  state: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  sale_price: number | null;
  unit_area_price: number | null;
  hoa_month: number | null;
  zestimate_price: number | null;
  rent_price: number | null;
  space_type: string | null;
  deposit_fee: number | null;
  /** SalePrice for sale, RentPrice for rent: what filters and sorting use. */
  price: number | null;
  /** Lower-cased address + description + features, for Keyword search. */
  search_text: string;
  /** The property type's family (sfr, condo, town, multi, apt, land, other), read on write. */
  type_family: string;
  /** The features the listing states yes, read on write: "|pool|garage|" ("" for none). */
  features: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  /** 'bot' answers; 'human' while waiting for a person after a handoff; 'agent' with a person. */
  mode: string;
  /** The page the conversation started on, when the widget told it. */
  uri: string | null;
  /** The conversation's state (JSON: last search, listings shown, page reached); null before any. */
  state: string | null;
  created_at: string;
  /** The last question or agent reply; null until the first (the console's inbox order). */
  last_activity_at: string | null;
  /** When the visitor last left a lead (asked for a person); null if never. */
  lead_at: string | null;
}

/** The contacts a visitor typed in a session's questions, as SHA-256 of their keys (src/contact.ts). */
export interface MessageContactTable {
  workspace_id: number;
  session_id: number;
  contact_hash: string;
}

/** Per chatbot: its questions and answers removed by retention or an erasure (a count only). */
export interface MessageRemovalTable {
  chatbot_id: number;
  messages: number;
}

/** How many times a question text was asked of a chatbot on a day of UTC, and went unanswered (chat/repo-question-counts.ts). */
export interface QuestionCountTable {
  chatbot_id: number;
  day: string;
  question: string;
  workspace_id: number;
  asked: number;
  unanswered: number;
}

/** A chatbot's questions, answers and conversations in a ten-minute slice of UTC (chat/repo-message-counts.ts). */
export interface MessageCountTable {
  chatbot_id: number;
  slice: string;
  workspace_id: number;
  questions: number;
  answers: number;
  no_answer: number;
  conversations: number;
}

export interface MessageTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  session_id: number;
  /** 'user' (a question), 'assistant' (an answer) or 'agent' (a person's reply). */
  role: string;
  content: string;
  ask_type: string;
  /** JSON array of file IDs (questions with media). */
  file_ids: string | null;
  /** For an answer: the question it answers. */
  question_id: number | null;
  total_token: number;
  no_answer: number;
  /** 'complete', 'partial' (the client went away) or 'failed'. */
  status: string;
  engine: string | null;
  /** For an answer: JSON array of the listing cards it showed (listings/card.ts); null when none. */
  listings: string | null;
  created_at: string;
  /** For an agent reply: the staff member (users.id) who wrote it. */
  user_id: number | null;
  /** For an answer: the showing slots it offered or the showing it booked (JSON, tours/); null when neither. */
  tour: string | null;
  /** For an answer: 1 when it looked in the chatbot's knowledge and found no passage. */
  knowledge_miss: Generated<number>;
}

/** A rating of one answer (one per answer, changed in place). */
export interface AnswerRatingTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  session_id: number;
  /** The rated answer (messages.id, role assistant). */
  message_id: number;
  /** 'up' or 'down'. */
  rating: string;
  /** Why, when given ('' when not). */
  reason: string;
  created_at: string;
  updated_at: string;
}

/** A listing search an answer ran, or a listing the visitor asked about by itself (chat/, docs/review.md). */
export interface ListingSearchTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  session_id: number;
  /** The answer (messages.id, role assistant). */
  message_id: number;
  /**
   * 'search' (by city, property type or price) or 'open' (one listing: asked about by its ID, MLS
   * number, address or link, or its card opened in the widget).
   */
  kind: string;
  /** As the search named it ('' = any). */
  city: string;
  property_type: string;
  /** The band of its price (chat/listing-searches.ts); '' = no price. */
  price_band: string;
  /** The listing a visitor opened from an answer's card (OpenListing); null on the engine's rows. */
  listing_id: number | null;
  created_at: string;
}

/** A review-queue item marked resolved. */
export interface ReviewResolutionTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  session_id: number;
  /** 'answer' (ref_id: the answer's message ID) or 'handoff' (ref_id: the session's ID). */
  kind: string;
  ref_id: number;
  /** The console user who resolved it; null with an API key. */
  user_id: number | null;
  /** Their name or e-mail as it was then. */
  resolved_by: string;
  /** The Q&A entry written into the chatbot's knowledge, when the item was fixed with one. */
  qa_question: string | null;
  qa_answer: string | null;
  resolved_at: string;
}

export interface UsageCounterTable {
  chatbot_id: number;
  /** Calendar month in the chatbot's time zone, 'YYYY-MM'. */
  period: string;
  questions: number;
}

export interface FileTable {
  id: Generated<number>;
  workspace_id: number;
  file_name: string;
  /** 'image' | 'audio' | 'video' once validated. */
  kind: string | null;
  mime: string | null;
  size: number;
  /** 'pending' → 'uploading' → 'active', 'rejected', or 'removed' (see files/repo.ts). */
  status: string;
  storage_key: string;
  /** Hex SHA-256 of the single-use upload token. */
  token_hash: string | null;
  expires_at: string | null;
  chatbot_id: number | null;
  created_at: string;
  /** A rejected PUT's reason: JSON {kind, message}. */
  rejection: string | null;
  /** The session whose visitor uploaded it; null for the workspace's own files. */
  session_id: number | null;
}

export interface LeadTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  session_id: number | null;
  name: string;
  email: string;
  phone: string;
  message: string;
  source: string;
  created_at: string;
  /** 'new' → 'contacted' → 'closed'. */
  status: Generated<string>;
  note: Generated<string>;
  assigned_user_id: number | null;
  updated_at: string | null;
  /** 'Lead', or 'Appointment' for a booked showing (its appointments row: tours/). */
  type: Generated<string>;
  /** Qualification (leads/qualification.ts): '' = not known. */
  intent: Generated<string>;
  timeline: Generated<string>;
  pre_approved: Generated<string>;
  budget_min: number | null;
  budget_max: number | null;
  /** JSON array of strings. */
  areas: Generated<string>;
  property_type: Generated<string>;
  /** The listing asked about ('' = none). */
  mls_number: Generated<string>;
}

export interface CrmSettingsTable {
  workspace_id: number;
  /** 'FollowUpBoss'. */
  provider: string;
  /** Write-only: never returned by the API. */
  api_key: string;
  system_name: string;
  system_key: string;
  updated_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  workspace_id: number | null;
  kind: string;
  /** Unique per logical message, so that a digest or a lead is queued once. */
  dedupe_key: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
  /** What the receiver said of a sent row beyond "sent" ('archived': Follow Up Boss's 204). */
  outcome: string | null;
}

export interface WebhookTable {
  id: Generated<number>;
  workspace_id: number;
  url: string;
  /** Comma-separated event names. */
  events: string;
  created_at: string;
}

/** One fixed window of one abuse limit (abuse/repo.ts). */
export interface AbuseCounterTable {
  scope: string;
  /** Unix second the window ends (bigint: PostgreSQL answers it as a string). */
  window_end: ColumnType<number | string, number, number>;
  hits: number;
  ceiling: number;
}

export interface UserTable {
  id: Generated<number>;
  workspace_id: number;
  /** Lower-cased; unique across workspaces. */
  email: string;
  name: Generated<string>;
  /** users/passwords.ts: scrypt$N$r$p$salt$hash. */
  password_hash: string;
  /** 'owner' | 'agent'. */
  role: string;
  created_at: string;
  updated_at: string;
  /** When the user last chose their own password; null while it is the generated one. */
  password_changed_at: string | null;
}

/** An owner's invitation to the workspace: a one-time link (only its token's SHA-256 is kept). */
export interface InviteTable {
  id: Generated<number>;
  workspace_id: number;
  /** Lower-cased. */
  email: string;
  name: Generated<string>;
  /** 'owner' | 'agent'. */
  role: string;
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A signed-in console browser; the cookie token itself is never stored. */
export interface ConsoleSessionTable {
  id: Generated<number>;
  user_id: number;
  workspace_id: number;
  /** Hex SHA-256 of the cookie's token. */
  token_hash: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A knowledge source of a chatbot (knowledge/). */
export interface KnowledgeSourceTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  /** 'Text' | 'QAList' | 'FileList' | 'UrlList' (GetSource's Type). */
  type: string;
  name: string;
  /** The source as given (the text; the Q&A list as JSON). */
  value: string;
  /** Characters of the source. */
  length: number;
  /** 1 processing, 2 succeeded, 3 failed. */
  status: number;
  status_message: Generated<string>;
  source_link: Generated<string>;
  /** FileList: the document (files.id). */
  file_id: number | null;
  /** UrlList: the page, or the sitemap when origin is 'sitemap'. */
  url: Generated<string>;
  origin: Generated<string>;
  /** A sitemap's re-sync period in days (null: not re-synced) and when it is next due. */
  sync_days: number | null;
  next_sync_at: string | null;
  /** Until when a worker holds the source (processing it). */
  claimed_until: string | null;
  /** Bumped each time the source's passages are replaced. */
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A passage of a knowledge source, with its search words (knowledge/terms.ts). */
export interface KnowledgePassageTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  source_id: number;
  heading: Generated<string>;
  /** For a Q&A entry: its question (content is the answer). */
  question: Generated<string>;
  content: string;
  terms: string;
  question_terms: Generated<string>;
  /** A web page's passage: the page's URL and title. */
  link: Generated<string>;
  title: Generated<string>;
}

/** A chatbot's showing availability (tours/availability.ts); times in its TimeZone. */
export interface TourAvailabilityTable {
  chatbot_id: number;
  workspace_id: number;
  /** JSON [{Day: "Mon"…"Sun", Start: "HH:MM", End: "HH:MM"}]. */
  hours: string;
  slot_minutes: number;
  buffer_minutes: number;
  notice_minutes: number;
  horizon_days: number;
  capacity: number;
  /** JSON ["YYYY-MM-DD"], local dates. */
  blocked_dates: string;
  /** How long before a showing its reminder goes; 0 = none. */
  reminder_minutes: number;
  /** Upcoming showings one visitor may hold at once. */
  max_upcoming: number;
  updated_at: string;
}

/** Booked appointments of a chatbot per interval (tours/repo.ts keeps it with every change). */
export interface TourSlotCountTable {
  chatbot_id: number;
  start_at: string;
  end_at: string;
  booked: number;
}

/** A booked showing (tours/); also a lead of type 'Appointment' (lead_id). */
export interface AppointmentTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  session_id: number | null;
  lead_id: number;
  listing_id: number | null;
  /** The listing as it was when booked; '' for a call with an agent. */
  mls_number: string;
  address: string;
  listing_url: string;
  /** ISO 8601 UTC instants. */
  start_at: string;
  end_at: string;
  /** 'booked' | 'cancelled'. */
  status: string;
  /** iCalendar SEQUENCE: raised by each reschedule and by the cancel. */
  sequence: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** Lower-cased e-mail and the phone's digits: a visitor's upcoming showings are counted by them. */
  email_key: string;
  phone_key: string;
  /** The visitor's language (ISO 639-1) for the e-mails, labels and SMS Parlor writes them. */
  locale: string;
  /** The console user who shows it; null: the chatbot's TalkToHumanEmail. */
  assigned_user_id: number | null;
  /** When the reminder is due; null once queued, or when there is none. */
  remind_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A key an MCP client presents to a chatbot's MCP server (mcp/). */
export interface McpKeyTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  /** Hex SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, to tell keys apart in listings. */
  prefix: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
}

/** One tool call of a chatbot's MCP server (mcp/): its usage. */
export interface McpCallTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number;
  tool: string;
  /** ok | error (the tool answered isError) | invalid | limited | failed */
  outcome: string;
  duration_ms: number;
  created_at: string;
}

/** An erasure or a retention pass (privacy/): counts only, never the person. */
export interface PrivacyAuditTable {
  id: Generated<number>;
  workspace_id: number;
  chatbot_id: number | null;
  /** 'erase' | 'retention'. */
  action: string;
  /** 'api-key:<id>', 'user:<id>' or 'retention'. */
  actor: string;
  /** JSON {Sessions, Messages, …}: how many of each were removed. */
  counts: string;
  created_at: string;
}

/** The retention sweep's claim on a chatbot (privacy/retention.ts). */
export interface RetentionSweepTable {
  chatbot_id: number;
  claimed_until: string | null;
  swept_at: string | null;
}

export interface Database {
  workspaces: WorkspaceTable;
  api_keys: ApiKeyTable;
  chatbots: ChatbotTable;
  listings: ListingTable;
  sessions: SessionTable;
  messages: MessageTable;
  message_contacts: MessageContactTable;
  message_removals: MessageRemovalTable;
  usage_counters: UsageCounterTable;
  answer_ratings: AnswerRatingTable;
  listing_searches: ListingSearchTable;
  question_counts: QuestionCountTable;
  message_counts: MessageCountTable;
  review_resolutions: ReviewResolutionTable;
  files: FileTable;
  leads: LeadTable;
  outbox: OutboxTable;
  crm_settings: CrmSettingsTable;
  webhooks: WebhookTable;
  abuse_counters: AbuseCounterTable;
  users: UserTable;
  invites: InviteTable;
  console_sessions: ConsoleSessionTable;
  knowledge_sources: KnowledgeSourceTable;
  knowledge_passages: KnowledgePassageTable;
  tour_availability: TourAvailabilityTable;
  appointments: AppointmentTable;
  tour_slot_counts: TourSlotCountTable;
  mcp_keys: McpKeyTable;
  mcp_calls: McpCallTable;
  privacy_audit: PrivacyAuditTable;
  retention_sweeps: RetentionSweepTable;
}
