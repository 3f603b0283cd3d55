import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { TestServer } from '../helpers/server.js';
it('x', async () => {
  const s = await TestServer.start();
  const r = await s.sandboxCall('GET', '/v1/openapi.json');
  writeFileSync('/tmp/explore/openapi.json', JSON.stringify(r.body, null, 2));
  const v = new Validator();
  const res = await v.validate(r.body);
  writeFileSync('/tmp/explore/res.json', JSON.stringify(res, null, 2));
  console.log(r.status, res.valid);
  await s.close();
});
