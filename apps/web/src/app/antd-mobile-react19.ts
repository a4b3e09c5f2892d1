// antd-mobile is imported by file, not through its index, so that a screen pulls only the
// components it uses; its global styles (theme variables) are imported here once.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { __niveshRoot?: Root };

/**
 * antd-mobile 5 renders Toast, Dialog and Popup imperatively with ReactDOM.render, which React 19
 * removed; without this documented patch they fail silently. Import this module once, before any
 * of them is shown.
 */
unstableSetRender((node, container) => {
  const host = container as ContainerWithRoot;
  host.__niveshRoot ??= createRoot(host);
  const root = host.__niveshRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__niveshRoot;
  };
});
