import { describe, expect, it } from 'vitest';
import { routeAssets, routeAssetsMeta } from './route-assets.ts';

const manifest = {
  'src/app/routes/home.tsx': {
    file: 'assets/home.js',
    css: ['assets/home.css'],
    imports: ['index.html', '_cards.js', '_image.js', '_react.js'],
  },
  'index.html': {
    file: 'assets/index.js',
    css: ['assets/index.css'],
    imports: ['_react.js'],
    isEntry: true,
  },
  '_react.js': { file: 'assets/react.js' },
  '_cards.js': { file: 'assets/cards.js', css: ['assets/cards.css'], imports: ['_image.js'] },
  '_image.js': { file: 'assets/image.js', css: ['assets/image.css'] },
};

describe('routeAssets', () => {
  it('collects a page bundle’s chunks and CSS, once each, without what the entry loads', () => {
    expect(routeAssets(manifest, 'src/app/routes/home.tsx')).toEqual({
      scripts: ['assets/home.js', 'assets/cards.js', 'assets/image.js'],
      styles: ['assets/home.css', 'assets/cards.css', 'assets/image.css'],
    });
  });

  it('gives nothing for a page the build does not have', () => {
    expect(routeAssets(manifest, 'src/app/routes/missing.tsx')).toEqual({
      scripts: [],
      styles: [],
    });
  });
});

describe('routeAssetsMeta', () => {
  it('lists the CSS first, then the scripts, as site paths', () => {
    expect(routeAssetsMeta({ scripts: ['assets/a.js'], styles: ['assets/a.css'] })).toBe(
      '<meta name="route-assets" content="/assets/a.css /assets/a.js">',
    );
  });

  it('is left out when there is nothing to list', () => {
    expect(routeAssetsMeta({ scripts: [], styles: [] })).toBe('');
  });
});
