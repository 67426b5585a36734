import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { idParam } from '../../components/hooks/route-params';
import { InvoiceA4 } from '../../components/domain/printing/invoice-a4';
import { InvoicesPage } from './invoices-page';

/** `Invoices`, and `Invoices/<sale id>/print`: the A4 invoice to print. */
export default function InvoicesRoutes() {
  const navigate = useNavigate();
  return (
    <Routes>
      <Route index element={<InvoicesPage openPrint={(saleId) => navigate(`/Invoices/${saleId}/print`)} />} />
      <Route path=":saleId/print" element={<InvoiceOfAddress />} />
    </Routes>
  );
}

function InvoiceOfAddress() {
  const id = idParam(useParams().saleId);
  const navigate = useNavigate();
  return id ? <InvoiceA4 id={id} back={() => navigate('/Invoices')} /> : <Navigate to="/Invoices" replace />;
}
