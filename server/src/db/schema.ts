/** The database as Kysely sees it: the tables of every module, each declared by the module that owns it. */
import type { PlatformTables } from '../modules/platform/tables.js';
import type { UsersTables } from '../modules/users/tables.js';
import type { AuthTables } from '../modules/auth/tables.js';
import type { ApiKeysTables } from '../modules/apiKeys/tables.js';
import type { PointsTables } from '../modules/points/tables.js';
import type { SigninTables } from '../modules/signin/tables.js';
import type { InvitesTables } from '../modules/invites/tables.js';
import type { CdkeysTables } from '../modules/cdkeys/tables.js';
import type { ConversationsTables } from '../modules/conversations/tables.js';
import type { CatalogueTables } from '../modules/catalogue/tables.js';
import type { ChatTables } from '../modules/chat/tables.js';
import type { AnnouncementsTables } from '../modules/announcements/tables.js';
import type { PayTables } from '../modules/pay/tables.js';
import type { UploadsTables } from '../modules/uploads/tables.js';
import type { ShareTables } from '../modules/share/tables.js';
import type { AgentsTables } from '../modules/agents/tables.js';
import type { ImagesTables } from '../modules/images/tables.js';
import type { KnowledgeTables } from '../modules/knowledge/tables.js';
import type { ExtensionsTables } from '../modules/extensions/tables.js';
import type { VideoTables } from '../modules/video/tables.js';
import type { SlidesTables } from '../modules/slides/tables.js';
import type { VoicesTables } from '../modules/voices/tables.js';
import type { ResourcesTables } from '../modules/resources/tables.js';
import type { PaperCheckTables } from '../modules/paperCheck/tables.js';
import type { FeaturedTables } from '../modules/featured/tables.js';
import type { MirrorTables } from '../modules/mirror/tables.js';
import type { WhiteboardsTables } from '../modules/whiteboards/tables.js';
import type { DocChatTables } from '../modules/docChat/tables.js';

export type * from '../modules/platform/tables.js';
export type * from '../modules/users/tables.js';
export type * from '../modules/auth/tables.js';
export type * from '../modules/apiKeys/tables.js';
export type * from '../modules/points/tables.js';
export type * from '../modules/signin/tables.js';
export type * from '../modules/invites/tables.js';
export type * from '../modules/cdkeys/tables.js';
export type * from '../modules/conversations/tables.js';
export type * from '../modules/catalogue/tables.js';
export type * from '../modules/chat/tables.js';
export type * from '../modules/announcements/tables.js';
export type * from '../modules/pay/tables.js';
export type * from '../modules/uploads/tables.js';
export type * from '../modules/share/tables.js';
export type * from '../modules/agents/tables.js';
export type * from '../modules/images/tables.js';
export type * from '../modules/knowledge/tables.js';
export type * from '../modules/extensions/tables.js';
export type * from '../modules/video/tables.js';
export type * from '../modules/slides/tables.js';
export type * from '../modules/voices/tables.js';
export type * from '../modules/resources/tables.js';
export type * from '../modules/paperCheck/tables.js';
export type * from '../modules/featured/tables.js';
export type * from '../modules/mirror/tables.js';
export type * from '../modules/whiteboards/tables.js';
export type * from '../modules/docChat/tables.js';

export interface Database
  extends PlatformTables,
    UsersTables,
    AuthTables,
    ApiKeysTables,
    PointsTables,
    SigninTables,
    InvitesTables,
    CdkeysTables,
    ConversationsTables,
    CatalogueTables,
    ChatTables,
    AnnouncementsTables,
    PayTables,
    UploadsTables,
    ShareTables,
    AgentsTables,
    ImagesTables,
    KnowledgeTables,
    ExtensionsTables,
    VideoTables,
    SlidesTables,
    VoicesTables,
    ResourcesTables,
    PaperCheckTables,
    FeaturedTables,
    MirrorTables,
    WhiteboardsTables,
    DocChatTables {}
