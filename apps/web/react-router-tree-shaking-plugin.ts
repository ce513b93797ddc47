import type { Plugin } from 'vite';

/** A top-level `Name.displayName = "…";` line, as react-router's build writes one after each component. */
const DISPLAY_NAME_LINE = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/** `var Form = React10.forwardRef(…)`: a call the bundler must assume has effects, unless told. */
const FORWARD_REF_CALL = /= (React\d*\.forwardRef\()/g;

/**
 * Lets the bundler drop the react-router components the app does not use (NavLink, Form and the form
 * submission code behind it…), which its build keeps alive in two ways: a `displayName` assignment after
 * each (it only names the component in React's developer tools) and `forwardRef` calls not marked pure.
 * About 2 KB (gzip) of the storefront's first load. If a new react-router writes these differently the
 * patterns no longer match and the bundle is simply larger.
 */
export function reactRouterTreeShakingPlugin(): Plugin {
  return {
    name: 'store:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/production\/.*\.mjs$/ },
      handler(code) {
        return {
          code: code.replace(DISPLAY_NAME_LINE, '').replace(FORWARD_REF_CALL, '= /* @__PURE__ */ $1'),
          map: null,
        };
      },
    },
  };
}
