/** Invite rewards (module invites). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export type InviteGrantStatus = 'granted' | 'same_ip' | 'capped';

/** At most one per invitee: whether the pair was rewarded for the invitee's first use. */
export interface InviteGrantTable {
  invitee_id: string;
  inviter_id: string;
  status: InviteGrantStatus;
  day: string;
  points: number;
  created_at: string;
}

export interface InvitesTables {
  invite_grants: InviteGrantTable;
}
