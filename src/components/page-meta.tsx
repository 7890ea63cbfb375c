import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { siteOrigin } from '../lib/site-origin';
import { siteTexts } from '../lib/texts';

export interface PageMetaProps {
  /** The page's own title; the site name is appended. Omit on the home page. */
  title?: string;
  description?: string;
  /** Path of the canonical address; defaults to the current path without its query. */
  path?: string;
  /** Share image (absolute or site path). */
  image?: string;
  /** Keeps search engines away (the 404 page, private pages). */
  noindex?: boolean;
  type?: 'website' | 'article';
}

/**
 * Title, description, canonical link, Open Graph and Twitter tags. React 19 hoists these
 * elements into <head> and removes them when the page unmounts.
 */
export function PageMeta({
  title,
  description = siteTexts.description,
  path,
  image = '/icons/icon-512.png',
  noindex = false,
  type = 'website',
}: PageMetaProps) {
  // index.html carries default tags for the first paint and for crawlers; the first page
  // that states its own takes over, since the first <title> in a document is the one shown.
  useLayoutEffect(() => {
    for (const element of document.head.querySelectorAll('[data-shell-meta]')) element.remove();
  }, []);
  const { pathname } = useLocation();
  const origin = siteOrigin();
  const fullTitle = title
    ? `${title} - ${siteTexts.name}`
    : `${siteTexts.name} - ${siteTexts.tagline}`;
  const url = `${origin}${path ?? pathname}`;
  const imageUrl = /^https?:/.test(image) ? image : `${origin}${image}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={siteTexts.name} />
      <meta property="og:locale" content="zh_CN" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
