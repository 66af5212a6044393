// MathJax configuration for pymdownx.arithmatex (generic mode): \( ... \) inline, \[ ... \] display; the
// whole page is searched (code and pre are skipped), so the rendered tour notebook's outputs are typeset too.
window.MathJax = {
  tex: {inlineMath: [["\\(", "\\)"]], displayMath: [["\\[", "\\]"]], processEscapes: true, processEnvironments: true},
  options: {ignoreHtmlClass: "tex2jax_ignore|mathjax_ignore", processHtmlClass: "arithmatex"}
};
document$.subscribe(() => { MathJax.typesetPromise && MathJax.typesetPromise(); });
