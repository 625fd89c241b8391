import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

// How long a new page may take to show its heading (its data loading) before focus is left alone.
const WAIT_FOR_HEADING_MS = 5000;

// After moving to another page (not on the first load, and not when only the query changes, such as a
// filter or a tab), focus goes to the new page's h1, so a screen reader announces where the user is and
// the keyboard starts from the top of the content. A page still loading is watched until its h1 appears.
export function useFocusHeadingOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const isFirstPage = useRef(true);

  useEffect(() => {
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    const main = mainRef.current;
    if (!main) return;

    function focusHeading(): boolean {
      const heading = main?.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    }

    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, mainRef]);
}
