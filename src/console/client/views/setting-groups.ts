// A chatbot's settings as a brokerage thinks of them: grouped, named and explained in plain
// words, the welcome message first. Each entry names the API field it edits; a field the API
// has and this table does not still shows, under "Other settings", by its API name.

export interface SettingText {
  name: string;
  label: string;
  help?: string;
  /** Plain-word names for an enum's values (the API's value → what the person reads). */
  choices?: Record<string, string>;
}

export interface SettingGroup {
  id: string;
  title: string;
  settings: SettingText[];
}

export const SETTING_GROUPS: SettingGroup[] = [
  {
    id: 'conversation',
    title: 'Conversation',
    settings: [
      {
        name: 'WelcomeMessage',
        label: 'Welcome message',
        help: 'The first thing visitors read when they open the chat.',
      },
      {
        name: 'SuggestedMessage',
        label: 'Suggested questions',
        help: 'One per line (up to 10). Visitors can tap one instead of typing.',
      },
      { name: 'UserInputPlaceholder', label: 'Hint in the empty question box' },
      {
        name: 'AnswerSuffix',
        label: 'Added to the end of every answer',
        help: 'For example a disclaimer. Leave empty for none.',
      },
      { name: 'ChatbotPopupOnce', label: 'Open the chat by itself on a visitor’s first visit' },
      { name: 'EnableUploadImage', label: 'Let visitors send photos' },
      { name: 'EnablePushToTalk', label: 'Let visitors ask by voice' },
      {
        name: 'RemoveChatLogOnBrowserClose',
        label: 'Forget the conversation when the visitor closes the browser',
        help: 'Otherwise a visitor who comes back finds their conversation where they left it.',
      },
    ],
  },
  {
    id: 'appearance',
    title: 'Appearance',
    settings: [
      { name: 'Name', label: 'Chatbot name', help: 'Shown at the top of the chat.' },
      {
        name: 'ChatBubbleColor',
        label: 'Brand colour',
        help: 'The chat button and the top of the chat, with white text on it.',
      },
      { name: 'UserMessageColor', label: 'Colour of the visitor’s messages', help: 'White text is shown on it.' },
      {
        name: 'ChatBubbleAlign',
        label: 'Chat button position',
        choices: { '0': 'Bottom right', '1': 'Bottom left' },
      },
      { name: 'ChatProfilePicture', label: 'Avatar', help: 'A photo or logo shown beside the chatbot’s name.' },
      { name: 'ChatIcon', label: 'Logo on the chat button', help: 'Shown on the round button visitors click.' },
    ],
  },
  {
    id: 'leads',
    title: 'Leads & contact',
    settings: [
      {
        name: 'TalkToHumanEmail',
        label: 'Send requests to talk to a person to',
        help: 'One or more e-mail addresses, separated by commas. Each request arrives with the visitor’s details.',
      },
      {
        name: 'TalkToHumanResponseMessage',
        label: 'Reply after a visitor asks for a person',
      },
      {
        name: 'QualifyQuestions',
        label: 'Questions asked after a visitor leaves their details',
        help: 'Asked one at a time, in this order; leave empty to ask none.',
      },
      {
        name: 'EmailForDailyLeads',
        label: 'Daily summary of new leads to',
        help: 'E-mail addresses, separated by commas.',
      },
      {
        name: 'EmailForDailyChatLogs',
        label: 'Daily summary of conversations to',
        help: 'E-mail addresses, separated by commas.',
      },
      { name: 'FacebookUrl', label: 'Facebook page', help: 'Shown as a link under the chat. Leave empty for none.' },
      { name: 'InstagramUrl', label: 'Instagram page' },
      { name: 'WhatsappUrl', label: 'WhatsApp link', help: 'For example https://wa.me/15125550100.' },
    ],
  },
  {
    id: 'languages',
    title: 'Languages & answers',
    settings: [
      {
        name: 'AIResponseLanguage',
        label: 'Language of the answers',
        help: '“Auto” answers in the language each visitor writes in.',
        choices: { Auto: 'Auto (the visitor’s language)' },
      },
      { name: 'Model', label: 'Answer engine', help: 'Engines the server cannot reach right now are marked.' },
      {
        name: 'SystemMessage',
        label: 'Instructions for the answer engine',
        help: 'How the chatbot should speak and what to stress. Used by the AI engines, not the builtin one.',
      },
      {
        name: 'Temperature',
        label: 'Creativity',
        help: '0 keeps answers close to your listings and texts; up to 2 is freer.',
      },
      { name: 'TimeZone', label: 'Time zone', help: 'Used for showings, daily summaries and monthly limits.' },
    ],
  },
  {
    id: 'website',
    title: 'Website',
    settings: [
      { name: 'VerifyDomain', label: 'Show the chat only on my websites' },
      {
        name: 'Domains',
        label: 'My websites',
        help: 'One per line, for example www.myrealty.com; *.myrealty.com allows every subdomain.',
      },
      {
        name: 'CustomDomain',
        label: 'Your own address for Parlor',
        help: 'If you reach Parlor at an address of your own (for example chat.myrealty.com). Leave empty otherwise.',
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    settings: [
      { name: 'ChatbotPrivacyPolicyName', label: 'Privacy notice title' },
      { name: 'ChatbotPrivacyPolicyDescription', label: 'Privacy notice', help: 'Shown to visitors above the chat.' },
      { name: 'ChatbotPrivacyPolicyUrl', label: 'Link to your privacy policy' },
      {
        name: 'RetentionDays',
        label: 'Keep conversations for (days)',
        help: 'Counted from the last message; 0 keeps them for ever.',
      },
      { name: 'LeadRetentionDays', label: 'Keep leads and showings for (days)', help: '0 keeps them for ever.' },
    ],
  },
  {
    id: 'limits',
    title: 'Limits',
    settings: [
      { name: 'MessageLimit', label: 'Questions per month', help: '-1 means no limit.' },
      {
        name: 'RateLimitCount',
        label: 'Questions one visitor may ask in a row',
        help: 'Within the time below; 0 means no limit.',
      },
      { name: 'RateLimitTime', label: 'Within (seconds)' },
      { name: 'RateLimitMessage', label: 'Message to a visitor who asks too fast' },
    ],
  },
  {
    id: 'assistants',
    title: 'AI assistants (MCP)',
    settings: [
      {
        name: 'EnableMcp',
        label: 'Let AI assistants search these listings',
        help: 'ChatGPT, Claude or Copilot connect to it; see the Assistants (MCP) page.',
      },
      { name: 'McpRequireKey', label: 'Only assistants with a key' },
    ],
  },
];
