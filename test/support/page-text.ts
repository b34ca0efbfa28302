/**
 * A page's text as a reader sees it: scripts and styles dropped, tags as spaces, the entities the pages write
 * decoded. Example: '<p>S&amp;P <b>500</b></p>' → ' S&P  500  '.
 */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
