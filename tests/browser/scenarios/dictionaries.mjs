// Every string exists in both languages: the same keys, block by block. (No browser needed.)
import path from 'node:path';
import { check, log, repo } from '../lib.mjs';

export default async function dictionaries() {
  const load = async (lang) => (await import(path.join(repo, 'web-client', 'i18n', `${lang}.js`))).default;
  const [fr, en] = await Promise.all([load('fr'), load('en')]);
  const keys = (obj, prefix = '') => Object.entries(obj).flatMap(([k, v]) => (
    v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const a = new Set(keys(fr));
  const b = new Set(keys(en));
  const onlyFr = [...a].filter((k) => !b.has(k));
  const onlyEn = [...b].filter((k) => !a.has(k));
  check(!onlyFr.length && !onlyEn.length, `dictionaries differ: only in fr.js [${onlyFr.join(', ')}], only in en.js [${onlyEn.join(', ')}]`);
  log(`dictionaries: ${a.size} keys in both languages`);
}
