import { Component, type ReactNode } from 'react';

/**
 * Around a lazily loaded chart: a chart that cannot load or draw (a lost chunk, no canvas) leaves the table beside it,
 * which holds the same figures, and says so. Kept apart from the chart modules, so it works when they fail to load.
 */
export class ChartBoundary extends Component<{ children: ReactNode; noteClassName: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return <p className={this.props.noteClassName}>The chart could not be drawn; the table has the same figures.</p>;
    }
    return this.props.children;
  }
}
