import { defineAdminRoute } from '../../admin-route.js';
import { Fault } from '../faults/fault.js';

/** Fault injection (RAMPART_FAULTS=1 only): registered by buildAdmin with config.faults, never otherwise. */
export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/faults',
  operationId: 'setFault',
  summary: 'Switch an injected fault',
  description: "Switches one fault of the store or the engine (or clears them all) on every node; answers this node's switches.",
  tags: ['Faults'],
  errors: [],
  schema: { body: Fault },
  handler: async ({ ops, body }) => ops.all({ kind: 'faults', fault: body }),
});
