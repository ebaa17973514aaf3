// Prints paygraph's Federation v2 subgraph SDL (what `_service { sdl }` answers) to stdout, or writes
// it to the file named: what a gateway or schema registry composes where introspection is off.
// Usage: npm run -s print:subgraph [file]
import { writeFileSync } from 'node:fs';
import { printedSubgraph } from '../src/schema/print';

const file = process.argv[2];
const sdl = await printedSubgraph();
if (file) writeFileSync(file, sdl);
else process.stdout.write(sdl);
