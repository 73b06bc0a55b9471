import type { Settings } from '../chatbots/settings.ts';
import type { PublicConfigData } from './schemas.ts';

/** The public image path of a ChatProfilePicture/ChatIcon setting (files/routes.ts serves it). */
function imagePath(fileId: string, name: string): string {
  return /^\d+$/.test(fileId) ? `/files/${fileId}/${name}` : '';
}

/** The chatbot's public settings plus the visitor's session (GetConfig's Data). */
export function publicConfig(
  serialNumber: string,
  s: Settings,
  visitor: { sessionId: number; sessionKey: string },
): PublicConfigData {
  return {
    SerialNumber: serialNumber,
    SessionID: visitor.sessionId,
    SessionKey: visitor.sessionKey,
    Name: s.Name,
    ChatBubbleColor: s.ChatBubbleColor,
    ChatBubbleAlign: s.ChatBubbleAlign,
    ChatIconUrl: imagePath(s.ChatIcon, 'icon'),
    ChatProfilePictureUrl: imagePath(s.ChatProfilePicture, 'picture'),
    WelcomeMessage: s.WelcomeMessage,
    SuggestedMessages: s.SuggestedMessage.split('\n')
      .map((m) => m.trim())
      .filter(Boolean),
    UserInputPlaceholder: s.UserInputPlaceholder,
    UserMessageColor: s.UserMessageColor,
    ChatbotPrivacyPolicyName: s.ChatbotPrivacyPolicyName,
    ChatbotPrivacyPolicyDescription: s.ChatbotPrivacyPolicyDescription,
    ChatbotPrivacyPolicyUrl: s.ChatbotPrivacyPolicyUrl,
    ChatbotPopupOnce: s.ChatbotPopupOnce,
    EnablePushToTalk: s.EnablePushToTalk,
    EnableUploadImage: s.EnableUploadImage,
    FacebookUrl: s.FacebookUrl,
    InstagramUrl: s.InstagramUrl,
    WhatsappUrl: s.WhatsappUrl,
    RemoveChatLogOnBrowserClose: s.RemoveChatLogOnBrowserClose,
  };
}
