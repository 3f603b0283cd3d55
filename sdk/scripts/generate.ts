// `npm run sdk:generate`: writes sdk/src/generated/ from the current OpenAPI document.
import { writeFileSync } from 'node:fs';
import { generatedOperations, generatedTypes, openapiDocument, OPERATIONS_FILE, TYPES_FILE } from './openapi-types.js';

const doc = await openapiDocument();
writeFileSync(TYPES_FILE, await generatedTypes(doc));
writeFileSync(OPERATIONS_FILE, generatedOperations(doc));
process.stdout.write(`wrote ${TYPES_FILE}\nwrote ${OPERATIONS_FILE}\n`);
