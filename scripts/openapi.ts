import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, openApiText } from '../server/http/openapi';

/** `npm run openapi [file]`: the API document for integrators, made from the endpoint catalogue. */
const file = process.argv[2] ?? OPENAPI_FILE;
writeFileSync(file, openApiText());
console.log(`Wrote ${file}`);
