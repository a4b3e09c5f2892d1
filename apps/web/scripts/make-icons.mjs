// Renders the PNG icons of the manifest from the SVG sources in public/icons.
// Run by hand when the logo changes (npm run icons -w apps/web); the PNGs are committed, so a
// build does not need sharp (which the server workspace installs).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const outputs = [
  { source: 'icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
];

for (const { source, file, size } of outputs) {
  const svg = await readFile(`${iconsDir}${source}`);
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${iconsDir}${file}`);
  console.log(`wrote public/icons/${file} (${size}x${size})`);
}
