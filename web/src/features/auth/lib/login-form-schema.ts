import { CredentialsLoginSchema } from '@common/schemas/auth';

/** The login form's schema, imported when a field first changes: the login page's first load brings no zod. */
export const LoginFormSchema = CredentialsLoginSchema.pick({ email: true, password: true });
