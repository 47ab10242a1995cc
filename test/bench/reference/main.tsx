/**
 * The reference app of test/bench/lighthouse.bench.ts: one trivial page on the stack such an app usually
 * ships (react-router-dom, Redux Toolkit with react-redux, i18next with react-i18next, firebase messaging
 * initialised at start). Built the way build.ts builds ours, to compare first-route JavaScript.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { Provider, useSelector } from 'react-redux';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { initializeApp } from 'firebase/app';
import { getMessaging } from 'firebase/messaging';

const shops = createSlice({
  name: 'shops',
  initialState: {
    list: [
      { id: 1, name: 'Kallio' },
      { id: 2, name: 'Kamppi' },
    ],
  },
  reducers: {},
});
const store = configureStore({ reducer: { shops: shops.reducer } });
type State = ReturnType<typeof store.getState>;

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { title: 'Walk-in Barbers', shops: 'Shops near you' } } },
  interpolation: { escapeValue: false },
});

// Eagerly, the way such apps usually start push at boot (no token is asked for here).
const firebase = initializeApp({ apiKey: 'reference', projectId: 'reference', appId: '1:1:web:1', messagingSenderId: '1' });
try {
  getMessaging(firebase);
} catch {
  // Messaging unsupported in this browser: the reference still renders.
}

function Home() {
  const { t } = useTranslation();
  const list = useSelector((s: State) => s.shops.list);
  return (
    <main>
      <h1>{t('title')}</h1>
      <h2>{t('shops')}</h2>
      <ul>
        {list.map((s) => (
          <li key={s.id}>
            <Link to={`/barbershop/${s.id}`}>{s.name}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Home />} />
        </Routes>
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
