import { useReducer, type ActionDispatch } from 'react';
import type { LinkingAddress } from '../linking-address';
import { initialLinkingView, linkingViewReducer, sameAddress, type LinkingView, type LinkingViewAction } from '../linking-view';

/** The linking screen's state besides the address, following the address as it changes. */
export function useLinkingView(address: LinkingAddress): [LinkingView, ActionDispatch<[LinkingViewAction]>] {
  const [view, dispatch] = useReducer(linkingViewReducer, address, initialLinkingView);
  // Adjusting state while rendering: the new address's focus and search reset show in the same frame.
  if (!sameAddress(view.address, address)) dispatch({ type: 'address', address });
  return [view, dispatch];
}
