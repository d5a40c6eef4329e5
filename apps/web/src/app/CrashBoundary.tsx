import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react'

const CrashScreen = lazy(() => import('./CrashScreen'))

interface Props {
  /** a new key (the path) clears a caught error: another page may well render */
  resetKey: string
  children: ReactNode
}

/** A page that throws while rendering shows a way out instead of a blank screen. */
export class CrashBoundary extends Component<Props, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page crashed', error, info.componentStack)
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <Suspense fallback={null}>
        <CrashScreen />
      </Suspense>
    )
  }
}
