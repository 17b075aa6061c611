import { logError } from '@tessera/data-access/client';
import { describeLoggedValue } from '@tessera/data-access/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the module once it failed. */
  fallback: ReactNode;
  children: ReactNode;
  moduleId: string;
}

interface State {
  failed: boolean;
}

/** Catches a remote that fails to load or throws while rendering; the rest of the shell stays up. */
export class ModuleErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(
      `Module ${this.props.moduleId} failed`,
      `${describeLoggedValue(error) ?? ''}\n${info.componentStack ?? ''}`,
      {
        moduleId: this.props.moduleId,
      },
    );
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
