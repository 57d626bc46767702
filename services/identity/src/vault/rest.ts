import { bodyAsInput, restReply, type RestRoute } from '@brandloom/runtime/edge';
import { credentialFields } from './credentials.js';

const fields = credentialFields.join(' ');

/** GET/POST /api/user/api-keys (spec §7): the API keys record, masked. */
export const vaultRestRoutes: readonly RestRoute[] = [
  {
    method: 'get',
    path: '/api/user/api-keys',
    operation: `query ApiKeys { apiKeys { ${fields} } }`,
    reply: (data) => restReply(data['apiKeys']),
  },
  {
    method: 'post',
    path: '/api/user/api-keys',
    operation: `mutation SaveApiKeys($input: ApiKeysInput!) { saveApiKeys(input: $input) { ${fields} } }`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['saveApiKeys']),
  },
];
