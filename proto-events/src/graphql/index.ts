import { readFileSync } from 'node:fs';

/**
 * GraphQL documents shared by the web app and the services' REST rows. The files sit in
 * src/graphql; this path resolves there from both the sources and the compiled dist/graphql.
 */
const documentFile = (name: string) => new URL(`../../src/graphql/${name}`, import.meta.url);

/** `fragment CurrentUserFields on User { … }` */
export const currentUserFieldsFragment = readFileSync(documentFile('current-user.graphql'), 'utf8');
