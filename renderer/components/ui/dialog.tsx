import { useEffect, useRef } from 'react';
import { Modal, type ModalProps } from 'antd';

/** The dialog's own panel (antd's `.ant-modal`, focusable by script only), which holds its fields. */
const panelOf = (node: EventTarget | null): Element | null =>
  node instanceof Element ? node.closest('.ant-modal') : null;

/**
 * antd's Modal, keeping the keys' focus in its fields while it opens. rc-dialog focuses its own panel
 * when its opening animation ends if the focus is on no field at that instant, and a Tab is such an
 * instant (between the field left and the next): at the counter's typing speed the Tab was lost and
 * the next keys went nowhere (tests/e2e/keyboard.spec.ts). Where the panel takes the focus so, it goes
 * on to the field the keys were heading to (or back to the one just left).
 */
export function Dialog(props: ModalProps) {
  const heading = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const leaving = (event: FocusEvent) => {
      const to = panelOf(event.relatedTarget) ? event.relatedTarget : null;
      const from = panelOf(event.target) ? event.target : null;
      heading.current = to instanceof HTMLElement ? to : from instanceof HTMLElement ? from : null;
    };
    const arriving = (event: FocusEvent) => {
      // The panel taking the focus is the grab itself; anything else is the focus having arrived.
      if (event.target !== panelOf(event.target)) heading.current = null;
    };
    document.addEventListener('focusout', leaving, true);
    document.addEventListener('focusin', arriving, true);
    return () => {
      document.removeEventListener('focusout', leaving, true);
      document.removeEventListener('focusin', arriving, true);
    };
  }, []);
  const afterOpenChange = (open: boolean) => {
    const field = heading.current;
    if (open && field?.isConnected && document.activeElement === panelOf(field)) field.focus();
    props.afterOpenChange?.(open);
  };
  return <Modal {...props} afterOpenChange={afterOpenChange} />;
}
