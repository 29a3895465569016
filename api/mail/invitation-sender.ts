/**
 * How an invitation reaches the invited employee (issue 9 "invite"): an interface, so another channel can be
 * plugged in (createApp's `invitationSender`). Without one, the invite call queues an invitation e-mail (issue 25
 * §5; api/mail/templates.ts invitationMail); `logInvitationSender` writes the link to the server log instead. The
 * invite call also answers the link, which the admin's screen shows as a fallback (docs/decisions.md "Employees").
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

/** A sender that logs the link on the server's console (a development aid; the default is the e-mail). */
export const logInvitationSender: InvitationSender = {
  async send(invitation) {
    console.info(
      `[invitation] ${invitation.clientName} invites ${invitation.fullName} <${invitation.email}>: ${invitation.link} (until ${invitation.expiresAt})`,
    );
  },
};
