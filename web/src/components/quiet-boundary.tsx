import { Component, type ReactNode } from 'react';

interface QuietBoundaryProps {
  /** Shown instead of the children once they failed (nothing by default). */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failure of an optional part (a lazily loaded header action whose chunk is gone after a
 * release, say) from taking the page down: the part is left out, the page keeps working, and the
 * next mount (a reload, or the part shown again) tries again.
 */
export class QuietBoundary extends Component<QuietBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be shown:', error);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
