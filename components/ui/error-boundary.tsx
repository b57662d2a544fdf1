"use client";

import { Component, type ReactNode } from "react";

type Props = { fallback: (error: unknown, reset: () => void) => ReactNode; onReset?: () => void; children: ReactNode };
type State = { error: unknown; failed: boolean };

/** Catches a panel's render/suspense error so one failing panel never takes the page down. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null, failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
