import { describe, expect, it } from 'vitest';
import { inlineShellStyles, routeAssets, routeAssetTags } from './route-assets.ts';

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

  it('joins several bundles without repeating what they share', () => {
    expect(routeAssets(manifest, 'src/app/routes/home.tsx', '_cards.js')).toEqual({
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

describe('routeAssetTags', () => {
  const readStyle = (file: string) => `/* ${file} */.a{color:red}`;

  it('inlines the CSS first, then names the scripts for the loader, as site paths', () => {
    expect(routeAssetTags({ scripts: ['assets/a.js'], styles: ['assets/a.css'] }, readStyle)).toBe(
      '<style>/* assets/a.css */.a{color:red}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>' +
        '<script type="application/json" id="route-scripts">["/assets/a.js"]</script>',
    );
  });

  it('cannot be closed early by the CSS it inlines', () => {
    const html = routeAssetTags({ scripts: [], styles: ['assets/x.css'] }, () => 'a{}</style>');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it('is empty when there is nothing to add', () => {
    expect(routeAssetTags({ scripts: [], styles: [] }, readStyle)).toBe('');
  });
});

describe('inlineShellStyles', () => {
  it("puts the entry's stylesheet inline and leaves the rest of the shell alone", () => {
    const shell =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><title>t</title></head>';
    expect(inlineShellStyles(shell, () => 'b{}')).toBe(
      '<head><style>b{}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled><title>t</title></head>',
    );
  });
});
