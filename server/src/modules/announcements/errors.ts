/** A refused announcements change; its message is for the operator as it stands. */
export class AnnouncementInputError extends Error {}
