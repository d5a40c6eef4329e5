import { QueryClient } from '@tanstack/react-query'
import { isDuplicateRequest } from '../api/request'

/**
 * Errors were already shown by the request client, so queries do not retry them; a read the
 * duplicate guard dropped (same url and params within 300 ms) is simply tried again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => isDuplicateRequest(error) && failureCount < 3,
      retryDelay: 350,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
})
