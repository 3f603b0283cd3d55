import { Type } from 'typebox';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/openapi.json',
  summary: 'This API described as OpenAPI 3.1',
  tags: ['service'],
  access: 'none',
  errors: [],
  schema: { response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 document' }) } },
  handler: async ({ request }) => request.server.swagger(),
});
