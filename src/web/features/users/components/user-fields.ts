/** The add and edit forms' fields, and where the server's field errors belong on them. */
export type UserField = 'fullName' | 'email' | 'role';

/** The server names first and last name; the forms ask for one full name. */
export function userFieldOf(serverField: string): UserField | undefined {
  switch (serverField) {
    case 'firstName':
    case 'lastName':
      return 'fullName';
    case 'email':
    case 'role':
      return serverField;
    default:
      return undefined;
  }
}
