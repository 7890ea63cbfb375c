import { loadConfig } from '../config.ts';
import { restore } from './backup.ts';

// `npm run restore -- <folder>`, with the server stopped: see README, "Backups".
const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run restore -- <folder>');
  process.exit(2);
}
const manifest = await restore(loadConfig(), folder);
console.log(`restored the ${manifest.database} backup of ${manifest.createdAt} from ${folder}`);
