import { Route, Routes, useParams } from 'react-router';
import { idListParam } from '../../components/routeParams';
import { CartPage } from './CartPage';

/** `Sales`, and `Sales/overtime/<kid ids>`: the till with what those kids owe for their overtime. */
export default function SalesRoutes() {
  return (
    <Routes>
      <Route index element={<CartPage overtimeKids={[]} />} />
      <Route path="overtime/:kids" element={<OvertimeSale />} />
    </Routes>
  );
}

function OvertimeSale() {
  return <CartPage overtimeKids={idListParam(useParams().kids)} />;
}
