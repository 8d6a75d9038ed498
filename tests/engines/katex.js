// KaTeX, as the book's site typesets `$…$` (its auto-render), for the tests' oracle:
// does a formula render? One process serves a whole test session: one JSON string of
// TeX per line on stdin, one JSON answer per line on stdout: null when it renders, else
// KaTeX's message. Debian's katex package gives the library (/usr/share/nodejs/katex).
//
// Text in a script KaTeX has no math glyphs for (Hangul, Han, Kana), outside \text{},
// is an error here too: the reader sees words set as a formula (`$4 이상 $`), not a formula.
"use strict";
const katex = require(process.env.KATEX || "/usr/share/nodejs/katex/dist/katex.js");
const readline = require("readline");

const strict = (code) => (code === "unicodeTextInMathMode" ? "error" : "ignore");
const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const tex = JSON.parse(line);
  let answer = null;
  try {
    katex.renderToString(tex, { throwOnError: true, strict, displayMode: false });
  } catch (err) {
    answer = String(err.message || err);
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
