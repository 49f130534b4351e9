import { lazy, Suspense, type ComponentProps } from 'react';
import { QuietBoundary } from '../../../components/quiet-boundary';

/** The login modal's code (Modal, focus trap, form): loaded when a login is first asked for, not with every public page. */
export const loadLoginModal = () => import('./login-modal');

const LoginModal = lazy(() => loadLoginModal().then((module) => ({ default: module.LoginModal })));

/** The login modal, loaded on first use. */
export function LazyLoginModal(props: ComponentProps<typeof LoginModal>) {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <LoginModal {...props} />
      </Suspense>
    </QuietBoundary>
  );
}
