import { type Chatbot, PUBLIC_SETTINGS, type PublicSetting, type Settings } from '../chatbots/index.ts';
import type { PublicConfigData } from './schemas.ts';

/** The public image path of a ChatProfilePicture/ChatIcon setting (files/routes.ts serves it). */
function imagePath(fileId: string, name: string): string {
  return /^\d+$/.test(fileId) ? `/files/${fileId}/${name}` : '';
}

export interface VisitorSession {
  sessionId: number;
  sessionKey: string;
  /** bot, human (waiting for a person) or agent (with a person). */
  mode: string;
}

/** The uploaded names of the chatbot's picture and icon ("" when unset). */
export interface ImageNames {
  picture: string;
  icon: string;
}

/** The chatbot's public settings plus the visitor's session (GetConfig's Data). */
export function publicConfig(bot: Chatbot, visitor: VisitorSession, names: ImageNames): PublicConfigData {
  const s = bot.settings;
  const suggestions = s.SuggestedMessage.split('\n')
    .map((m) => m.trim())
    .filter(Boolean);
  const shown = Object.fromEntries(PUBLIC_SETTINGS.map((n) => [n, s[n]])) as Pick<Settings, PublicSetting>;
  return {
    SerialNumber: bot.serialNumber,
    ChatbotID: bot.id,
    SessionID: visitor.sessionId,
    SessionKey: visitor.sessionKey,
    SessionMode: visitor.mode === 'human' || visitor.mode === 'agent' ? visitor.mode : 'bot',
    ...shown,
    SuggestedMessage: suggestions.join('\n'),
    DisplayName: s.Name,
    ChatIconFileName: s.ChatIcon ? names.icon : '',
    ChatIconUrl: imagePath(s.ChatIcon, 'icon'),
    ChatProfilePictureFileName: s.ChatProfilePicture ? names.picture : '',
    ChatProfilePictureUrl: imagePath(s.ChatProfilePicture, 'picture'),
    SuggestedMessages: suggestions,
  };
}
