// `npm run python:generate`: writes python/rampart/_generated/ from the current OpenAPI document.
import { writeFileSync } from 'node:fs';
import { openapiDocument } from '../../sdk/scripts/openapi-types.js';
import { MODELS_FILE, OPERATIONS_FILE, pythonModule } from './python-models.js';

const { models, operations } = pythonModule(await openapiDocument());
writeFileSync(MODELS_FILE, models);
writeFileSync(OPERATIONS_FILE, operations);
process.stdout.write(`wrote ${MODELS_FILE}\nwrote ${OPERATIONS_FILE}\n`);
