// A screen that breaks while rendering shows what happened and a way back, instead of a blank window; the rest of the
// shell (navigation, status bar) keeps working. `resetKey` (the open screen) clears the error on navigation.
import { Component, type ReactNode } from 'react';

interface Props {
  resetKey: string;
  title: string;
  retry: string;
  children: ReactNode;
}

interface State {
  error: Error | undefined;
  key: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="banner banner--error" role="alert" data-testid="screen-error">
        <p>
          {this.props.title}: {this.state.error.message}
        </p>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          {this.props.retry}
        </button>
      </div>
    );
  }
}
