import { Type } from 'typebox';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/openapi.json',
  operationId: 'getOpenApi',
  summary: 'This API described as OpenAPI 3.1',
  description:
    'This document: OpenAPI 3.1, written from the same route definitions and schemas that validate requests and shape answers. Needs no key.',
  tags: ['service'],
  access: 'none',
  errors: [],
  schema: { response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 document' }) } },
  handler: async ({ request }) => request.server.swagger(),
});
