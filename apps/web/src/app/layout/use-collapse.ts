import { useCallback, useLayoutEffect, useRef, useState } from 'react';

type Phase = 'idle' | 'opening' | 'closing';

// The longest transition on the element, in ms; 0 when there is none (reduced motion, or no CSS at all).
function transitionMs(element: HTMLElement): number {
  const style = window.getComputedStyle(element);
  const toMs = (value: string) => (value.trim().endsWith('ms') ? 1 : 1000) * (Number.parseFloat(value) || 0);
  const durations = style.transitionDuration.split(',').map(toMs);
  const delays = style.transitionDelay.split(',').map(toMs);
  return Math.max(0, ...durations.map((duration, index) => duration + (delays[index] ?? 0)));
}

// Makes the browser apply the styles set so far, so the next change starts a transition from them.
function reflow(element: HTMLElement): number {
  return element.offsetHeight;
}

// Bootstrap's collapse (spec §9: 300 ms) without its JavaScript: the same `collapse`, `collapsing` and
// `show` classes, and the height animated from 0 to the content's height and back.
export function useCollapse<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [isOpen, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || phase === 'idle') return;
    // Reading scrollHeight lays the element out at its current height first, so the change below animates.
    element.style.height = phase === 'opening' ? `${element.scrollHeight}px` : '';

    function onEnd() {
      if (element && phase === 'opening') element.style.height = '';
      setPhase('idle');
    }
    function onTransitionEnd(event: TransitionEvent) {
      if (event.target === element) onEnd();
    }
    element.addEventListener('transitionend', onTransitionEnd);
    // In case transitionend never comes (an interrupted transition, a tab in the background).
    const timer = window.setTimeout(onEnd, transitionMs(element) + 20);
    return () => {
      element.removeEventListener('transitionend', onTransitionEnd);
      window.clearTimeout(timer);
    };
  }, [phase]);

  const open = useCallback(() => {
    setOpen(true);
    setPhase('opening');
  }, []);

  const close = useCallback(() => {
    if (!isOpen) return;
    const element = ref.current;
    // Start the closing animation from the height shown now.
    if (element) {
      element.style.height = `${element.getBoundingClientRect().height}px`;
      reflow(element);
    }
    setOpen(false);
    setPhase('closing');
  }, [isOpen]);

  const toggle = useCallback(() => (isOpen ? close() : open()), [isOpen, close, open]);

  const className = phase === 'idle' ? (isOpen ? 'collapse show' : 'collapse') : 'collapsing';
  return { ref, isOpen, toggle, close, className };
}
