import { Type } from 'typebox';
import { ProductView } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { productView } from '../../views/products.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/products',
  operationId: 'listProducts',
  summary: 'The products accounts are sold as, with their rules (ids POST /v1/accounts takes)',
  description:
    'The products accounts are sold as, each with its size and trading rule; `POST /v1/accounts` takes a product id to mirror it in the sandbox.',
  tags: ['accounts'],
  access: 'read',
  errors: [],
  schema: { response: { 200: Type.Object({ data: Type.Array(ProductView) }, { additionalProperties: false }) } },
  handler: async ({ settings }) => ({ data: settings.products.map((p) => productView(p, settings.ruleVersion(p.id))) }),
});
