import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { idParam } from '../../components/hooks/route-params';
import { FrontDeskPage } from './front-desk-page';
import { KidProfile } from './kid-profile';

/** `FrontDesk`, `FrontDesk/find/<mobile or name>` (the header's search), `FrontDesk/<kid id>`. */
export default function FrontDeskRoutes() {
  return (
    <Routes>
      <Route index element={<FrontDeskPage />} />
      <Route path="find/:query" element={<FoundFamily />} />
      <Route path=":kidId" element={<KidOfAddress />} />
    </Routes>
  );
}

function FoundFamily() {
  const { query } = useParams();
  // A new search is a new page: the lookup starts again from what the header found.
  return <FrontDeskPage key={query} find={query} />;
}

function KidOfAddress() {
  const id = idParam(useParams().kidId);
  const navigate = useNavigate();
  return id ? <KidProfile id={id} back={() => navigate('/FrontDesk')} /> : <Navigate to="/FrontDesk" replace />;
}
