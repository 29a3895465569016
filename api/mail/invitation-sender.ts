/**
 * How an invitation reaches the invited employee (issue 9 "invite"): an interface, so a mail server can be
 * plugged in (createApp's `invitationSender`). No mail server is configured, so the default writes the
 * one-time set-password link to the server log; the invite call also answers the link, which the admin's
 * screen shows (docs/decisions.md "Employees").
 */

/** One invitation to deliver. */
export interface Invitation {
  /** The invited employee's e-mail (the new user's login). */
  email: string;
  fullName: string;
  /** The client that invites. */
  clientName: string;
  /** The one-time set-password link (absolute URL). */
  link: string;
  /** When the link stops working (ISO date-time). */
  expiresAt: string;
}

/** Delivers invitations; a failure is the invite call's failure (the user is then not created). */
export interface InvitationSender {
  send(invitation: Invitation): Promise<void>;
}

/** The default sender: logs the link on the server's console (no mail server is configured). */
export const logInvitationSender: InvitationSender = {
  async send(invitation) {
    console.info(
      `[invitation] ${invitation.clientName} invites ${invitation.fullName} <${invitation.email}>: ${invitation.link} (until ${invitation.expiresAt})`,
    );
  },
};
