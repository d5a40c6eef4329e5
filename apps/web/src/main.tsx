import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppProviders } from './app/AppProviders'
import { AppRoutes } from './app/router'
import { loadLanguage, resources, storedLanguage } from './i18n'
import './styles.css'

const language = storedLanguage()

// the chosen language's text first (the default one's shell text is already loaded; the desk's
// part holds another language's shell text), then the app
void (language in resources ? Promise.resolve() : loadLanguage(language, 'desk')).finally(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
)
