/**
 * Issue 18 item 9: strings that run script, break out of markup or disguise text wherever they are
 * pasted unescaped — script tags, event handlers, javascript: URLs, a closing </title>, SVG, CDATA,
 * an RTL override. Every user-typed field is checked with them (see docs/security.md).
 */
export const XSS_CORPUS = [
  '<script>alert("xss-script")</script>',
  '<img src=x onerror="alert(\'xss-img\')">',
  '<svg onload=alert("xss-svg")><circle r="1"/></svg>',
  '"><a href="javascript:alert(\'xss-href\')">click</a>',
  '</title><script>alert("xss-title")</script>',
  "'; alert('xss-quote'); //",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<![CDATA[ ]]><!-- --> &amp; &lt;b&gt;',
  '\u202Egnp.exe\u202C <b onmouseover=alert("xss-rtl")>',
] as const;
