import { loadConfig } from '../config.ts';
import { backup } from './backup.ts';

// `npm run backup -- <folder>`: see README, "Backups".
const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run backup -- <folder>');
  process.exit(2);
}
const manifest = await backup(loadConfig(), folder);
console.log(
  `backup of the ${manifest.database} database and ${manifest.entries.join(', ')} in ${folder}`,
);
