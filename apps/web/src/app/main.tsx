import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './app.css'
import { AppProvider } from './provider'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProvider />
  </StrictMode>,
)
